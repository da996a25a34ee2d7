import { loadWriteModule } from '../../../shared/errors/loadWriteModule';

/** A fan's writes (append, remove, report), loaded on the first of them. */
export const loadCommentWrites = () => loadWriteModule(() => import('./commentWrites'));
