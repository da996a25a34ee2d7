import { useId } from 'react';
import type { Moderation } from '../hooks/useModeration';
import '../../../shared/forms/choices.css';

/** 'Show': all comments or the reported ones; with one author chosen, 'Show all authors'. */
export function CommentFilterChoices({ moderation }: { moderation: Moderation }) {
  const { filter, setFilter, comments } = moderation;
  const filterName = useId();
  const author = filter.uid === null ? null : comments.find((each) => each.uid === filter.uid);
  return (
    <>
      <fieldset className="choices choices--inline">
        <legend>Show</legend>
        <label className="choice">
          <input
            type="radio"
            name={filterName}
            checked={!filter.reported}
            onChange={() => setFilter({ ...filter, reported: false })}
          />
          All comments
        </label>
        <label className="choice">
          <input
            type="radio"
            name={filterName}
            checked={filter.reported}
            onChange={() => setFilter({ ...filter, reported: true })}
          />
          Reported
        </label>
      </fieldset>
      {filter.uid !== null && (
        <p className="moderation__author">
          {`Comments by ${author?.user ?? 'one author'}`}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => setFilter({ ...filter, uid: null })}
          >
            Show all authors
          </button>
        </p>
      )}
    </>
  );
}
