import { useId, useState } from 'react';
import { PostForm } from './PostForm';
import './admin.css';

/** Whether the administrator left the form open, for the rest of the tab's session. */
const OPEN_KEY = 'feed.postFormOpen';

/**
 * The administrator's 'New post' form behind a 'Write a post' disclosure. On a phone it starts
 * closed, so the feed is on the first screen; on wider screens the CSS shows the form and hides the
 * button. Closing only hides the form: it stays mounted, so whatever was typed is still there when
 * it opens again.
 */
export function PostComposer() {
  const [open, setOpen] = useState(readOpen);
  const formId = useId();
  const toggle = () => {
    setOpen(!open);
    rememberOpen(!open);
  };
  return (
    <div className="composer" data-open={open}>
      <button
        type="button"
        className="button composer__toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={toggle}
      >
        Write a post
      </button>
      <div id={formId} className="composer__form">
        <PostForm />
      </div>
    </div>
  );
}

// Storage can be unavailable (blocked, private modes): the form then simply starts closed.
function readOpen(): boolean {
  try {
    return sessionStorage.getItem(OPEN_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberOpen(open: boolean): void {
  try {
    sessionStorage.setItem(OPEN_KEY, String(open));
  } catch {
    // Not remembered; nothing else depends on it.
  }
}
