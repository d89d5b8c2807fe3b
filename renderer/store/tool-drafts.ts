// Functions as typed in the Tools section, apart from the saved list: what each one's problems are, the
// list's first problem as a sentence, and the forms a draft takes on screen (with a React key) and where it
// is kept (shared/tool-drafts.ts). No DOM.
import { ToolDefSchema, ToolsSchema, type ToolDef } from '../../shared/tools.ts';
import { schemaTextProblem } from '../../shared/json-schema.ts';
import type { FunctionDraft, ToolsDraft } from '../../shared/tool-drafts.ts';
import { sharedProblemText } from '../i18n/problem-text.ts';
import { t } from '../i18n/active.ts';
import type { StoreRuntime } from './runtime.ts';

/** One function as typed, with a key that stays the same while it is on screen (React, renames). */
export interface ToolDraft extends FunctionDraft {
  key: string;
}

export type ToolField = 'name' | 'description' | 'parameters' | 'fixedResult';
export type ToolProblems = Partial<Record<ToolField, string>>;

/**
 * Makes the screen's keys: they only need to differ within one store (kept drafts are stored without
 * them), so they count with its runtime and a test starts from nothing.
 */
export function toolKeys(rt: Pick<StoreRuntime, 'nextId'>): () => string {
  return () => `tool-${rt.nextId()}`;
}

export function draftOf(def: ToolDef, newKey: () => string, open = false): ToolDraft {
  return {
    key: newKey(),
    name: def.name,
    description: def.description ?? '',
    parameters: def.parameters,
    fixedOn: def.fixedResult !== undefined,
    fixedResult: def.fixedResult ?? '',
    open,
    savedName: def.name,
  };
}

export function defOf(d: FunctionDraft): ToolDef {
  const def: ToolDef = { name: d.name, parameters: d.parameters };
  if (d.description.trim() !== '') def.description = d.description;
  if (d.fixedOn) def.fixedResult = d.fixedResult;
  return def;
}

/** What is wrong with one function, by field (the shared schema's words; the schema's with line and column). */
export function draftProblems(d: FunctionDraft): ToolProblems {
  const out: ToolProblems = {};
  // the schema's own check says where the text stops being JSON; zod would only repeat its message
  const schema = schemaTextProblem(d.parameters);
  if (schema) out.parameters = sharedProblemText(schema.message);
  const r = ToolDefSchema.safeParse(defOf(d));
  if (!r.success) {
    for (const issue of r.error.issues) {
      const field = issue.path[0] as ToolField | undefined;
      if (field && out[field] === undefined) out[field] = sharedProblemText(issue.message);
    }
  }
  return out;
}

export const hasProblems = (p: ToolProblems) => Object.keys(p).length > 0;

/** The first problem of the whole list, as one sentence for the Send button's reason. */
export function listProblem(
  drafts: readonly FunctionDraft[],
  problems: readonly ToolProblems[] = drafts.map(draftProblems),
): string | undefined {
  for (const [i, p] of problems.entries()) {
    const first = p.name ?? p.parameters ?? p.description ?? p.fixedResult;
    if (first)
      return t('tools.problem', {
        name: drafts[i]?.name || t('tools.def.unnamed', { n: i + 1 }),
        problem: first,
      });
  }
  const r = ToolsSchema.safeParse(drafts.map(defOf));
  return r.success
    ? undefined
    : t('tools.problem.list', {
        problem: sharedProblemText(r.error.issues[0]?.message ?? t('tools.problem.invalid')),
      });
}

/** The functions as they are kept (without the screen's keys). */
export function keptFunctions(drafts: readonly ToolDraft[]): FunctionDraft[] {
  return drafts.map(({ key: _key, ...rest }) => rest);
}

/** A kept draft back on screen, each function with a fresh key. */
export function screenDrafts(draft: ToolsDraft, newKey: () => string): ToolDraft[] {
  return draft.functions.map((f) => ({ ...f, key: newKey() }));
}

/** Whether the screen shows exactly the kept draft (keys and the time aside). */
export function sameDraft(drafts: readonly ToolDraft[], kept: ToolsDraft): boolean {
  return JSON.stringify(keptFunctions(drafts)) === JSON.stringify(kept.functions);
}

// The sentence for a kept draft, computed once per draft object: Send's check reads it on every change.
const problemOfKept = new WeakMap<ToolsDraft, string | null>();

/** Why a kept draft cannot be sent yet, or null when it has no problem (then it is not kept for long). */
export function keptDraftProblem(draft: ToolsDraft): string | null {
  const known = problemOfKept.get(draft);
  if (known !== undefined) return known;
  const problem = listProblem(draft.functions) ?? null;
  problemOfKept.set(draft, problem);
  return problem;
}
