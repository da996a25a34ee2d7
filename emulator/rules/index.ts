import { ParseError } from './lexer';
import { parseRules } from './parser';
import { RulesProgram } from './program';
import { RulesSyntaxError, type RulesValidator } from './validator';

export type { RulesValidator } from './validator';
export { RulesSyntaxError } from './validator';

/**
 * Compiles a rules file. Throws RulesSyntaxError (with line and column) when the source does not
 * parse or uses a construct the interpreter cannot evaluate: unknown functions, methods,
 * variables or types, wrong argument counts, regexes RE2 would not accept, another service.
 */
export function compileRules(source: string, fileName = 'firestore.rules'): RulesValidator {
  try {
    const program = new RulesProgram(parseRules(source));
    return { evaluate: (request, data) => program.evaluate(request, data) };
  } catch (error) {
    if (error instanceof ParseError) {
      throw new RulesSyntaxError(fileName, error.pos.line, error.pos.column, error.detail);
    }
    throw error;
  }
}
