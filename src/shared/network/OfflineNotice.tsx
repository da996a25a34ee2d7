import { useOnline } from './network';
import { OFFLINE_REASON, OFFLINE_REASON_ID } from './needsNetwork';
import './offlineNotice.css';

/**
 * 'Offline: showing saved posts' at the top while the browser has no network. The status region is
 * always in the page, so screen readers announce the text when it appears; the reason the disabled
 * controls point at (useNeedsNetwork) sits outside it, so it is not announced twice.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <>
      <p role="status" className="offline-notice">
        {online ? '' : 'Offline: showing saved posts'}
      </p>
      {!online && (
        <span id={OFFLINE_REASON_ID} className="visually-hidden">
          {OFFLINE_REASON}
        </span>
      )}
    </>
  );
}
