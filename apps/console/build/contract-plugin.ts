import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { parseSync } from 'vite';

/** Initialisers that cannot run code and need no wrapping. */
const INERT = ['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral'];

/** Properties of `defineEndpoint({...})` that only the server uses (validation, serialisation, OpenAPI). */
const SERVER_ONLY_KEYS = new Set(['params', 'querystring', 'body', 'response']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) isNode(item) && walk(item, visit);
    else if (isNode(value)) walk(value, visit);
  }
}

/**
 * Rewrites one contract module for the console bundle:
 * - `defineEndpoint({...})` keeps its metadata (method, path, access, priceLevels…) but drops the zod
 *   schemas, which only the server reads; `callApi` needs the method and path alone;
 * - every top-level `const` initialised by anything that may run code becomes a pure IIFE, so a schema no
 *   screen imports is tree-shaken away (zod cannot know that `Role.describe(…)` has no side effects).
 * A screen that validates a form with a contract schema imports it by name and still gets it whole.
 */
export function transformContractModule(code: string, filename = 'contract.ts'): string | undefined {
  const program = parseSync(filename, code, { lang: 'ts' }).program as unknown as Node;
  const s = new MagicString(code);
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as Node;
    if (callee.type !== 'Identifier' || callee.name !== 'defineEndpoint') return;
    const [arg] = node.arguments as Node[];
    if (arg?.type !== 'ObjectExpression') return;
    for (const prop of arg.properties as Node[]) {
      const key = prop.key as Node | undefined;
      if (prop.type !== 'Property' || !key || key.type !== 'Identifier') continue;
      if (!SERVER_ONLY_KEYS.has(key.name as string)) continue;
      const after = code.slice(prop.end).match(/^\s*,/);
      s.remove(prop.start, prop.end + (after ? after[0].length : 0));
    }
  });
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || INERT.includes(init.type)) continue;
      s.prependLeft(init.start, '/* @__PURE__ */ (() => (');
      s.appendRight(init.end, '))()');
    }
  }
  return s.hasChanged() ? s.toString() : undefined;
}

/** Applies {@link transformContractModule} to `packages/contract/src` (not to its tests). */
export function contractMetadataPlugin(): Plugin {
  return {
    name: 'pitboss-contract-metadata',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/.test(id) || id.endsWith('.test.ts')) return;
      const out = transformContractModule(code, id);
      return out === undefined ? undefined : { code: out, map: null };
    },
  };
}
