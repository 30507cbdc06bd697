// The import graph between the API's module folders, and the lint rule that refuses a cycle in it.
// import-x/no-cycle follows files, so user → identity → verification → user passes it as long as no
// single file closes the loop; a module that needs another which needs it back is still one module
// in two folders. This rule reads every module's production files once per lint run and reports the
// import that closes a loop between folders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
// Tests and their builders compose several modules, like the registry does; they are not part of any
// module's dependencies.
const TEST = /\.test\.(ts|tsx)$|\.test-factory\.ts$/;

export function isTestFile(file) {
  return TEST.test(file);
}

/** The module folder a path lies in (its first folder under modulesDir), or undefined for files outside any module. */
export function moduleOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** Relative specifiers of every import, export-from and import() in a source text. */
export function importedSpecifiers(sourceText) {
  return ts
    .preProcessFile(sourceText, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'));
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/**
 * Module → modules it imports (production files only), each edge with the files that make it.
 * @returns {Map<string, Map<string, string[]>>}
 */
export function moduleGraph(modulesDir) {
  const graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    if (!from || isTestFile(file)) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of importedSpecifiers(readFileSync(file, 'utf8'))) {
      const to = moduleOf(modulesDir, path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(path.relative(modulesDir, file));
    }
  }
  return graph;
}

/** The shortest chain of modules from `start` to `goal` along the graph's edges, or undefined. */
export function pathBetween(graph, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const chain = [];
      for (let at = goal; at !== undefined; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of [...(graph.get(current)?.keys() ?? [])].sort()) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

/** Every edge that lies on a cycle, as the cycle it closes (`['a', 'b', 'a']`), sorted. */
export function findCycles(graph) {
  const cycles = [];
  for (const [from, edges] of graph) {
    for (const to of edges.keys()) {
      const back = pathBetween(graph, to, from);
      if (back) cycles.push([from, ...back]);
    }
  }
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}

const graphs = new Map();
// One read of the folders per lint run: the rule is asked about every file, the graph is the same.
function cachedGraph(modulesDir) {
  if (!graphs.has(modulesDir)) graphs.set(modulesDir, moduleGraph(modulesDir));
  return graphs.get(modulesDir);
}

const moduleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the module folders of the API.' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Module folders must not import each other in a loop: {{cycle}}. Move the shared piece to the module that owns it, or pass a function in at composition (registry.ts).',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.options[0].modulesDir);
    const file = context.filename;
    const from = moduleOf(modulesDir, file);
    if (!from || isTestFile(file)) return {};
    const graph = cachedGraph(modulesDir);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = moduleOf(modulesDir, path.resolve(path.dirname(file), source));
      if (!to || to === from) return;
      const back = pathBetween(graph, to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const moduleCyclesPlugin = { rules: { 'module-cycles': moduleCycles } };
