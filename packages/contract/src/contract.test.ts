import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { ROUTE_IO, type RouteSchemas } from './schemas';

const endpoints = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, contract.Endpoint] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'id' in entry[1] && 'method' in entry[1],
);
const io: Record<string, RouteSchemas> = ROUTE_IO;

describe('endpoints and their schemas', () => {
  it('are declared', () => {
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it('each have the id of their export name, once', () => {
    for (const [name, endpoint] of endpoints) expect(endpoint.id, name).toBe(name);
    const ids = endpoints.map(([, e]) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('each have their schemas in ROUTE_IO, and every entry of ROUTE_IO has its endpoint', () => {
    const ids = endpoints.map(([, e]) => e.id).sort();
    expect(Object.keys(io).sort()).toEqual(ids);
    for (const [id, schemas] of Object.entries(io)) {
      expect(schemas.response, id).toBeInstanceOf(z.ZodType);
      for (const key of Object.keys(schemas)) expect(['params', 'querystring', 'body', 'response'], id).toContain(key);
    }
  });

  it('declare a params schema for exactly the parameters of their path', () => {
    for (const [id, endpoint] of endpoints) {
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const params = io[id]?.params;
      const declared = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
      expect(declared, id).toEqual(inPath);
    }
  });
});

/** The modules `file` imports at run time (type-only imports and re-exports left out). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

describe('the zod-free entry point', () => {
  it('loads neither zod nor a schema module at run time', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const schemaModules: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      if (/schemas\.ts$/.test(file)) schemaModules.push(file);
      const folder = file.slice(0, file.lastIndexOf('/'));
      for (const specifier of runtimeImports(file)) {
        if (specifier.startsWith('.')) visit(ts.sys.resolvePath(`${folder}/${specifier}.ts`));
        else packages.add(specifier);
      }
    };
    const testPath = expect.getState().testPath ?? '';
    visit(ts.sys.resolvePath(`${testPath.slice(0, testPath.lastIndexOf('/'))}/index.ts`));
    expect(seen.size).toBeGreaterThan(30);
    expect(schemaModules).toEqual([]);
    expect([...packages]).toEqual(['ipaddr.js']);
  });
});
