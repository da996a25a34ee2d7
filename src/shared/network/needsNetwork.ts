import { useOnline } from './network';

/**
 * The id of the one visually hidden text saying why a control is disabled (OfflineNotice renders
 * it).
 */
export const OFFLINE_REASON_ID = 'offline-reason';

export const OFFLINE_REASON = 'You are offline. This needs a connection.';

export interface NetworkControlProps {
  disabled: boolean;
  'aria-describedby': string | undefined;
}

/**
 * The props of a control that needs the network: disabled while offline, with the reason added to
 * its accessible description (after `describedBy`, what it already says it acts on). Text fields
 * never use it: what is typed offline stays editable and is sent once the network is back.
 */
export function useNeedsNetwork(describedBy?: string): NetworkControlProps {
  const online = useOnline();
  if (online) return { disabled: false, 'aria-describedby': describedBy };
  return {
    disabled: true,
    'aria-describedby': describedBy ? `${describedBy} ${OFFLINE_REASON_ID}` : OFFLINE_REASON_ID,
  };
}
