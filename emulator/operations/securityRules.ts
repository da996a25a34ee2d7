/**
 * PUT /emulator/v1/projects/{p}:securityRules — as the official emulator: replaces the rules of
 * the whole emulator. A file that does not compile answers 400 and the old rules stay.
 */
import { ApiError, assertArgument } from '../errors';
import { expectArray, expectObject, expectString } from '../json';
import { compileRules, RulesSyntaxError } from '../rules/index';
import type { RulesValidator } from '../rules/validator';

export function parseAndCompileRules(body: unknown): RulesValidator {
  const request = expectObject(body, '', ['rules']);
  const rules = expectObject(request.rules, 'rules', ['files']);
  const files = expectArray(rules.files, 'rules.files');
  assertArgument(
    files.length === 1,
    `'rules.files' must hold exactly one file (got ${files.length}).`,
  );
  const file = expectObject(files[0], 'rules.files[0]', ['name', 'content', 'fingerprint']);
  const name =
    file.name === undefined ? 'firestore.rules' : expectString(file.name, 'rules.files[0].name');
  const content = expectString(file.content, 'rules.files[0].content');
  try {
    return compileRules(content, name);
  } catch (error) {
    if (error instanceof RulesSyntaxError) throw new ApiError('INVALID_ARGUMENT', error.message);
    throw error;
  }
}
