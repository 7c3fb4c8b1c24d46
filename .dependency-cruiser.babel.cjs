// How dependency-cruiser reads our TypeScript: Babel strips the types (TypeScript 7 has no JavaScript
// compiler API for it to use). A type-only import is still an arrow between layers, so before the types go
// every `import type … from 'x'` and `export type … from 'x'` becomes a plain `import 'x'`. JSX becomes
// `null`: imports are all the checker reads, and its JavaScript parser does not read JSX.
function keepTypeOnlyImports({ types: t }) {
  const typeOnly = (node) =>
    node.importKind === 'type' ||
    node.exportKind === 'type' ||
    (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
  return {
    visitor: {
      // Program.enter: the TypeScript transform removes type imports when it enters the program.
      Program: {
        enter(program) {
          for (const statement of program.get('body')) {
            const { node } = statement;
            const isImport = statement.isImportDeclaration();
            const isReExport = statement.isExportNamedDeclaration() && node.source;
            if ((isImport || isReExport) && typeOnly(node)) {
              statement.replaceWith(t.importDeclaration([], t.stringLiteral(node.source.value)));
            }
          }
        },
      },
      JSXElement: (element) => element.replaceWith(t.nullLiteral()),
      JSXFragment: (fragment) => fragment.replaceWith(t.nullLiteral()),
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  sourceType: 'module',
  plugins: [keepTypeOnlyImports],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
