/**
 * A function's definition as bash prints it (`declare -f`, `type`): bash's print_cmd.c, which
 * re-reads the parsed command rather than the source, so layout is bash's (four spaces a level,
 * `;` and a newline between commands, `elif` as an `if` inside `else`) whatever was written.
 * Words, arithmetic and array literals are printed as written, as bash keeps their text.
 */
import type { AndOr, CaseItem, Clause, Command, FunctionDefinition, HereDocument, IfClause, List, Pipeline, Redirect, SimpleCommand } from '../syntax/ast';
import { commandText, redirectText, simpleCommandLine } from './command-text';

const INDENT = 4;

/** `NAME () \n{ \n    BODY\n}` as `declare -f NAME` prints it. */
export function functionDefinitionText(definition: FunctionDefinition): string {
  const printer = new Printer();
  printer.functionDefinition(definition, false);
  return printer.text;
}

class Printer {
  text = '';
  private indentation = 0;
  /** Commands that follow on the same line (after `|`, `&&`, `( `, `if `...) are not indented. */
  private skipIndent = 0;
  /** Here-documents whose bodies follow the command's line. */
  private deferred: HereDocument[] = [];
  /** A here-document's body was printed: the next `;` between commands is left out (bash's was_heredoc). */
  private afterHereDocument = false;

  private write(text: string): void {
    this.text += text;
  }

  private indent(): void {
    this.write(' '.repeat(this.indentation));
  }

  private newline(text: string): void {
    this.write('\n');
    this.indent();
    this.write(text);
  }

  /** bash's semicolon(): one `;` unless the text already ends a command (`&` or a newline). */
  private semicolon(): void {
    if (!this.text.endsWith('&') && !this.text.endsWith('\n')) this.write(';');
  }

  functionDefinition(definition: FunctionDefinition, nested: boolean): void {
    this.write(nested ? `function ${definition.name} () \n` : `${definition.name} () \n`);
    if (nested) this.indent();
    this.write('{ \n');
    this.indentation += INDENT;
    const { clause, redirects } = definition.body;
    // bash keeps a body that is not a group as a group holding it (`f() ( list )`).
    if (clause.kind === 'BraceGroup') this.list(clause.body);
    else this.command(definition.body);
    this.printDeferred();
    this.indentation -= INDENT;
    this.newline('}');
    this.redirects(clause.kind === 'BraceGroup' ? redirects : []);
  }

  private list(list: List): void {
    list.items.forEach((item, index) => {
      this.andOr(item.andOr);
      const last = index === list.items.length - 1;
      if (item.background) {
        this.write(last ? ' &' : ' & ');
        if (!last) this.skipIndent++;
        return;
      }
      if (last) return;
      // bash's was_heredoc: the `;` after the command that follows a here-document's body is left out too.
      if (this.deferred.length > 0) this.printDeferred();
      else if (this.afterHereDocument) this.afterHereDocument = false;
      else this.write(';');
      this.write('\n');
    });
  }

  private printDeferred(): void {
    if (this.deferred.length === 0) return;
    for (const document of this.deferred) this.write(`\n${document.body.text}${document.delimiter}\n`);
    this.deferred = [];
    this.afterHereDocument = true;
  }

  private andOr(andOr: AndOr): void {
    this.pipeline(andOr.first);
    for (const { operator, pipeline } of andOr.rest) {
      this.write(` ${operator} `);
      this.skipIndent++;
      this.pipeline(pipeline);
    }
  }

  private pipeline(pipeline: Pipeline): void {
    pipeline.commands.forEach((command, index) => {
      if (index > 0) {
        this.write(pipeline.stderrPiped[index - 1] === true ? ' |& ' : ' | ');
        this.skipIndent++;
      }
      const prefix = `${index === 0 && pipeline.time !== null ? `time ${pipeline.time.posix ? '-p ' : ''}` : ''}${index === 0 && pipeline.negated ? '! ' : ''}`;
      this.command(command, prefix);
    });
  }

  private command(command: Command, prefix = ''): void {
    if (this.skipIndent > 0) this.skipIndent--;
    else this.indent();
    this.write(prefix);
    switch (command.kind) {
      case 'SimpleCommand':
        this.simpleCommand(command);
        return;
      case 'FunctionDefinition':
        this.functionDefinition(command, true);
        return;
      case 'CompoundCommand':
        this.clause(command.clause);
        this.redirects(command.redirects);
        return;
      case 'Coprocess':
        // bash names the coprocess always, COPROC where none was written.
        this.write(`coproc ${command.name} `);
        this.skipIndent++;
        this.command(command.command);
    }
  }

  private simpleCommand(command: SimpleCommand): void {
    this.deferred.push(...command.redirects.filter((redirect) => redirect.kind === 'HereDocument'));
    this.write(simpleCommandLine(command));
  }

  private redirects(redirects: readonly Redirect[]): void {
    if (redirects.length === 0) return;
    this.deferred.push(...redirects.filter((redirect) => redirect.kind === 'HereDocument'));
    this.write(` ${redirects.map(redirectText).join(' ')}`);
  }

  private clause(clause: Clause): void {
    switch (clause.kind) {
      case 'BraceGroup':
        this.write('{ \n');
        this.indentation += INDENT;
        this.list(clause.body);
        this.printDeferred();
        this.write('\n');
        this.indentation -= INDENT;
        this.indent();
        this.write('}');
        return;
      case 'Subshell':
        this.write('( ');
        this.skipIndent++;
        this.list(clause.body);
        this.write(' )');
        return;
      case 'IfClause':
        this.ifClause(clause);
        return;
      case 'LoopClause':
        this.write(clause.until ? 'until ' : 'while ');
        this.skipIndent++;
        this.list(clause.condition);
        this.semicolon();
        this.write(' do\n');
        this.bodyThenDone(clause.body);
        return;
      case 'ForClause':
      case 'SelectClause':
        this.write(`${commandText(clause)};`);
        this.newline('do\n');
        this.bodyThenDone(clause.body);
        return;
      case 'ArithmeticForClause':
        // Each expression as BASH_COMMAND shows it, without its own `((` `))`.
        this.write(`for ((${[clause.init, clause.condition, clause.step].map((expression) => commandText(expression).slice(2, -2)).join('; ')}))`);
        this.newline('do\n');
        this.bodyThenDone(clause.body);
        return;
      case 'CaseClause':
        this.write(commandText(clause));
        this.indentation += INDENT;
        for (const item of clause.items) this.caseItem(item);
        this.indentation -= INDENT;
        this.newline('esac');
        return;
      case 'ArithmeticCommand':
      case 'ConditionalCommand':
        this.write(commandText(clause));
    }
  }

  /** A loop's body, then `done` on a line of its own. */
  private bodyThenDone(list: List): void {
    this.body(list);
    this.semicolon();
    this.newline('done');
  }

  /** A body one level in, its commands on their own lines. */
  private body(list: List): void {
    this.indentation += INDENT;
    this.list(list);
    this.printDeferred();
    this.indentation -= INDENT;
  }

  /** `elif` is an `if` in the `else` branch, as bash's parser makes it. */
  private ifClause(clause: IfClause): void {
    const [first, ...rest] = clause.branches;
    if (first === undefined) return;
    this.write('if ');
    this.skipIndent++;
    this.list(first.condition);
    this.semicolon();
    this.write(' then\n');
    this.body(first.body);
    const otherwise = rest.length > 0 ? ({ kind: 'IfClause', branches: rest, otherwise: clause.otherwise, span: clause.span } as const) : null;
    if (otherwise !== null || clause.otherwise !== null) {
      this.semicolon();
      this.newline('else\n');
      if (otherwise !== null) {
        this.indentation += INDENT;
        this.indent();
        this.ifClause(otherwise);
        this.indentation -= INDENT;
      } else if (clause.otherwise !== null) {
        this.body(clause.otherwise);
      }
    }
    this.semicolon();
    this.newline('fi');
  }

  private caseItem(item: CaseItem): void {
    this.newline('');
    this.write(`${item.patterns.map((word) => word.text).join(' | ')})\n`);
    this.body(item.body);
    this.newline(item.terminator);
  }
}
