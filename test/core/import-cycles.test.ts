// A cycle of value imports makes load order decide whether a module sees its neighbour's exports (a store
// slice once read `undefined` from a module that was still loading). Type-only imports vanish at run time,
// so only value imports count; dynamic import() runs later and is left out too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['shared', 'electron', 'renderer'];

// Cycles that another change removes; the coordinator empties this after merging it. Each entry is the
// cycle as printed below (files joined by " -> ", starting at the alphabetically first file).
const ALLOWED_CYCLES = new Set<string>([]);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The project files a module needs at run time (relative specifiers only; packages cannot loop back). */
export function valueImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const isValue =
        clause === undefined || // side-effect import
        (!clause.isTypeOnly &&
          (clause.name !== undefined ||
            (clause.namedBindings !== undefined &&
              (ts.isNamespaceImport(clause.namedBindings) ||
                clause.namedBindings.elements.some((element) => !element.isTypeOnly)))));
      if (isValue) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
      const clause = statement.exportClause;
      const isValue =
        !statement.isTypeOnly &&
        (clause === undefined ||
          ts.isNamespaceExport(clause) ||
          clause.elements.some((element) => !element.isTypeOnly));
      if (isValue) specifier = statement.moduleSpecifier;
    }
    if (specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      targets.push(relative(ROOT, resolve(ROOT, dirname(file), specifier.text)));
    }
  }
  return targets;
}

/** Every elementary cycle found by a depth-first walk, each rotated to start at its smallest file. */
function findCycles(graph: Map<string, string[]>): string[] {
  const cycles = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0]!);
        cycles.add([...loop.slice(start), ...loop.slice(0, start)].join(' -> '));
      } else if (state.get(next) === undefined) {
        visit(next);
      }
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (state.get(file) === undefined) visit(file);
  return [...cycles].sort();
}

describe('value imports', () => {
  it('reads type-only imports as no edge', () => {
    const imports = valueImports(
      'renderer/a.ts',
      [
        "import type { A } from './type-only.ts';",
        "import { type B, type C } from './all-types.ts';",
        "import { type D, e } from './mixed.ts';",
        "import './side-effect.ts';",
        "export { f } from './re-export.ts';",
        "export type { G } from './type-re-export.ts';",
        "import React from 'react';",
      ].join('\n'),
    );
    expect(imports).toEqual(['renderer/mixed.ts', 'renderer/side-effect.ts', 'renderer/re-export.ts']);
  });

  it('finds a cycle and only once', () => {
    const graph = new Map([
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['a.ts', ['b.ts']],
    ]);
    expect(findCycles(graph)).toEqual(['a.ts -> b.ts -> c.ts']);
  });

  it('find no cycle in shared/, electron/ and renderer/', () => {
    const graph = new Map<string, string[]>();
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(folder)) {
        graph.set(file, valueImports(file, readFileSync(join(ROOT, file), 'utf8')));
      }
    }
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).filter((cycle) => !ALLOWED_CYCLES.has(cycle));
    expect(cycles, `value-import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });
});
