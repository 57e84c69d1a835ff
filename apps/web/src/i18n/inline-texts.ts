import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The translation lint's eye (catalogues.test.ts): the texts a component writes inline — JSX text
 * with words in it, and the attributes a person reads (aria-label, title, placeholder, alt…) given
 * as a literal. A text from the catalogue is an expression (`{t('key')}`) and is not seen.
 */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description', 'aria-placeholder']);
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** The texts written inline in a component file: JSX text, and string attributes a person reads. */
export function inlineTexts(source: string, fileName = 'x.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) &&
            init.expression &&
            (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
          ? init.expression
          : null;
      if (literal && hasWords(literal.text)) found.push(literal.text);
      if (
        ts.isJsxExpression(init) &&
        init.expression &&
        ts.isTemplateExpression(init.expression) &&
        hasWords(init.expression.head.text)
      )
        found.push(init.expression.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The component files under `root` (no tests), relative to it. */
export function componentFiles(root: string, dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(root, full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path.relative(root, full)] : [];
  });
}
