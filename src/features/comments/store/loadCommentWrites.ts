import { loadWriteModule } from '../../../shared/errors/loadWriteModule';

/** A fan's writes (append, remove, report), loaded on the first of them. */
export const loadCommentWrites = () => loadWriteModule(() => import('./commentWrites'));

/**
 * Starts loading the writes and the SDK behind them ahead of a comment (its form focused): the
 * first write of most pages is a comment. A failure here is said by the write itself.
 */
export function prepareCommentWrites(): void {
  loadCommentWrites().then(
    ({ warmStore }) => warmStore(),
    () => {},
  );
}
