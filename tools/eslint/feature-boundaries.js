import path from 'node:path';

/**
 * DESIGN.md §3: a feature imports another only through its index.ts, and no feature imports app/ (the shell
 * imports features, never the reverse). Tests included: a test that reaches into another feature's internals
 * couples the two as much as production code does.
 */
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

function locate(file) {
  const at = file.lastIndexOf(WEB_SRC);
  if (at < 0) return null;
  const parts = file.slice(at + WEB_SRC.length).split(path.sep);
  return {
    root: file.slice(0, at + WEB_SRC.length),
    area: parts[0],
    feature: parts[0] === 'features' ? parts[1] : null,
  };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'features import each other only through index.ts, and never import app/' },
    messages: {
      internals: "Import feature '{{feature}}' through its index.ts ('{{entry}}'), not its internals.",
      app: 'Features do not import app/; move what is shared into lib/ or components/.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const here = locate(file);
    if (!here || here.area !== 'features') return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = locate(path.resolve(path.dirname(file), source));
      if (!target) return;
      if (target.area === 'app') {
        context.report({ node, messageId: 'app' });
        return;
      }
      if (target.area !== 'features' || !target.feature || target.feature === here.feature) return;
      const resolved = path.resolve(path.dirname(file), source);
      const inside = resolved.slice(resolved.lastIndexOf(`${path.sep}features${path.sep}${target.feature}`));
      const rest = inside.split(path.sep).slice(3).join('/');
      if (rest === '' || rest === 'index' || rest === 'index.ts') return;
      const entry = path.relative(path.dirname(file), resolved.slice(0, resolved.length - rest.length - 1)) || '.';
      context.report({ node, messageId: 'internals', data: { feature: target.feature, entry } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const boundariesPlugin = { rules: { 'feature-boundaries': featureBoundaries } };
