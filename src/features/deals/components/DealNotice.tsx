import { useEffect, useState } from 'react';
import { newsText, openDealHere, type DealNews } from '../state/dealAlerts';
import { onNews } from '../state/dealNews';
import { dealHref } from '../state/dealHistory';
import './deals.css';

/**
 * 'Mateo Arlanza: Done deal', a link to the deal's feed: a followed deal moved. A polite status,
 * fixed at the bottom of the window: it never takes focus and never moves what is being read.
 */
export function DealNotice() {
  const [news, setNews] = useState<DealNews | null>(null);
  useEffect(() => onNews(setNews), []);
  return (
    <div className={news ? 'deal-notice deal-notice--shown' : 'deal-notice'}>
      {/* Always there, so a screen reader hears what comes into it. */}
      <div role="status">
        {news && (
          <a
            className="deal-notice__link"
            href={dealHref(news.id)}
            onClick={(event) => {
              const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
              // A plain click shows it here; a modified one (new tab, window) is the browser's.
              if (event.button !== 0 || modified) return;
              event.preventDefault();
              openDealHere(news.id);
              setNews(null);
            }}
          >
            {newsText(news)}
          </a>
        )}
      </div>
      {news && (
        <button type="button" className="button button--small" onClick={() => setNews(null)}>
          Dismiss
        </button>
      )}
    </div>
  );
}
