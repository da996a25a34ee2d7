import type { Caller } from './auth';
import type { DatabaseId } from './paths';
import type { DeclaredIndexes } from './query/indexes';
import type { RulesValidator } from './rules/validator';

/** What an operation knows about its request besides the body. */
export interface RequestContext {
  db: DatabaseId;
  caller: Caller;
  /** null: no rules loaded, everything is allowed (the CLI says so loudly). */
  rules: RulesValidator | null;
  /** null: indexes are not enforced (the CLI says so at start); otherwise --indexes's. */
  indexes: DeclaredIndexes | null;
}
