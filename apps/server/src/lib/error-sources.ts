import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The error texts written in the source, for the lint that each has a translation
 * (error-texts.test.ts), collected the way the web app's lint collects a component's inline texts
 * (apps/web/src/i18n/inline-texts.ts): the message given to the error classes of lib/errors.ts and
 * to `sendError` (and the uploads' `tusError`), their default messages, and the messages of the contract's zod schemas. A text
 * that carries a value is a template: `${limit}` becomes `{0}`, `{1}`… in order.
 */

/** Each error class, and where its message is among its arguments. */
const MESSAGE_ARGUMENT: Record<string, number> = {
  AppError: 1,
  BadInput: 0,
  Unauthorized: 0,
  Forbidden: 0,
  NotFound: 0,
  Gone: 0,
  Conflict: 0,
  PaymentFailed: 0,
  TooLarge: 0,
  InsufficientStorage: 0,
  UnsupportedMedia: 0,
};
/** Functions that write an error answer, and where the text is among their arguments. */
const CALL_MESSAGE_ARGUMENT: Record<string, number> = { sendError: 2, tusError: 1 };
/** zod's checks that take a message after their own argument (`.min(1, 'Title is required')`). */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'email',
  'url',
  'uuid',
  'refine',
  'int',
  'positive',
  'nonnegative',
  'nonempty',
  'startsWith',
  'endsWith',
  'gte',
  'lte',
  'gt',
  'lt',
]);

export interface ErrorSources {
  /** Each text (or template) and the first file (relative to the scanned root) that writes it. */
  texts: Map<string, string>;
  /** Messages given as an expression the collector cannot read ("file: expression"). */
  unresolved: string[];
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
  });

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

function templateText(node: ts.TemplateExpression): string {
  let text = node.head.text;
  node.templateSpans.forEach((span, i) => (text += `{${i}}${span.literal.text}`));
  return text;
}

/** Every `const NAME = …` of the files, by name: a message may be a constant of its file or an import. */
function constants(files: ts.SourceFile[]) {
  const byFile = new Map<ts.SourceFile, Map<string, ts.Expression>>();
  const global = new Map<string, ts.Expression>();
  for (const file of files) {
    const own = new Map<string, ts.Expression>();
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        own.set(node.name.text, node.initializer);
        if (!global.has(node.name.text)) global.set(node.name.text, node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    byFile.set(file, own);
  }
  return (file: ts.SourceFile, name: string) => byFile.get(file)?.get(name) ?? global.get(name);
}

/** The texts an expression may be: literals, templates, both sides of `a ? b : c` and `a ?? b`, constants. */
function textsOf(
  node: ts.Expression,
  file: ts.SourceFile,
  lookup: ReturnType<typeof constants>,
  seen = new Set<ts.Node>(),
): string[] | null {
  if (seen.has(node)) return [];
  seen.add(node);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [templateText(node)];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return textsOf(node.expression, file, lookup, seen);
  if (ts.isConditionalExpression(node))
    return merge([textsOf(node.whenTrue, file, lookup, seen), textsOf(node.whenFalse, file, lookup, seen)]);
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    // The left side is a value from elsewhere (a provider's reason): only the fallback is ours.
    return textsOf(node.right, file, lookup, seen);
  if (ts.isIdentifier(node)) {
    const value = lookup(file, node.text);
    return value ? textsOf(value, file, lookup, seen) : null;
  }
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const value = lookup(file, node.expression.text);
    return value ? textsOf(value, file, lookup, seen) : null;
  }
  if (ts.isObjectLiteralExpression(node))
    return merge(node.properties.map((p) => (ts.isPropertyAssignment(p) ? textsOf(p.initializer, file, lookup, seen) : null)));
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'message' && ts.isNewExpression(node.expression)) return [];
  return null;
}

function merge(parts: (string[] | null)[]): string[] | null {
  if (parts.some((p) => p === null)) return null;
  return parts.flat() as string[];
}

/** The error texts of the server's source (`serverRoot`) and of the contract's schemas (`contractRoot`). */
export function collectErrorTexts(serverRoot: string, contractRoot: string): ErrorSources {
  const texts = new Map<string, string>();
  const unresolved: string[] = [];
  const server = sourceFiles(serverRoot).map(parse);
  const lookup = constants(server);
  const add = (found: string[] | null, node: ts.Node, file: ts.SourceFile, root: string) => {
    const where = path.relative(root, file.fileName);
    if (found === null) unresolved.push(`${where}: ${node.getText()}`);
    // A text has words (the contract's checks also test prefixes such as '#EXTINF:', which are no messages).
    else
      for (const text of found)
        if (/\p{L}{2,}/u.test(text) && (root === serverRoot || text.includes(' ')) && !texts.has(text)) texts.set(text, where);
  };

  for (const file of server) {
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in MESSAGE_ARGUMENT) {
        const message = node.arguments?.[MESSAGE_ARGUMENT[node.expression.text]!];
        if (message) add(textsOf(message, file, lookup), message, file, serverRoot);
      }
      // `sendError(reply, status, text)`, and the uploads' `tusError(status, text)`, which tus writes and the route wraps.
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in CALL_MESSAGE_ARGUMENT) {
        const message = node.arguments[CALL_MESSAGE_ARGUMENT[node.expression.text]!];
        if (message) add(textsOf(message, file, lookup), message, file, serverRoot);
      }
      // The error classes' own default messages (`message = 'Not found'`).
      if (
        ts.isParameter(node) &&
        node.initializer &&
        ts.isConstructorDeclaration(node.parent) &&
        file.fileName.endsWith('errors.ts')
      ) {
        const cls = node.parent.parent;
        if (
          ts.isClassDeclaration(cls) &&
          cls.name &&
          cls.name.text in MESSAGE_ARGUMENT &&
          ts.isIdentifier(node.name) &&
          node.name.text === 'message'
        )
          add(textsOf(node.initializer, file, lookup), node.initializer, file, serverRoot);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const contract = sourceFiles(contractRoot).map(parse);
  const contractLookup = constants(contract);
  for (const file of contract) {
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ZOD_CHECKS.has(node.expression.name.text)
      ) {
        for (const arg of node.arguments)
          if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) || ts.isTemplateExpression(arg))
            add(textsOf(arg, file, contractLookup), arg, file, contractRoot);
      }
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        (node.name.text === 'message' || node.name.text === 'error')
      ) {
        const found = textsOf(node.initializer, file, contractLookup);
        // A message computed elsewhere (a function's argument) is checked where it is written.
        if (found) add(found, node.initializer, file, contractRoot);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { texts, unresolved };
}
