import type { AnswerError, WorkflowDetail } from '@attest/shared';
import { useCallback, useRef, useState } from 'react';
import { problemsOf } from '../api/workflow-action-error';
import { useSaveAnswer } from '../api/workflow-queries';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

// Answers compare by content: a date picked again, or a select set to what it was, is no change.
export function sameAnswer(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) && empty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

// The page's local copy of answers being typed: a draft per field, kept until the server has the
// value, so typing is never lost while a save is in flight or after a refusal.
export function useAnswerDrafts(detail: WorkflowDetail) {
  const save = useSaveAnswer(detail.id);
  const [drafts, setDrafts] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, readonly AnswerError[]>>({});
  const [inFlight, setInFlight] = useState(0);
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState<Error | null>(null);
  // The answers the server last confirmed, read inside callbacks without re-creating them.
  const saved = useRef(detail.answers);
  saved.current = detail.answers;
  const latest = useRef(drafts);
  latest.current = drafts;

  const answerOf = useCallback(
    (tag: string) => (tag in drafts ? drafts[tag] : detail.answers[tag]),
    [drafts, detail.answers],
  );

  const change = useCallback((tag: string, value: unknown) => {
    setDrafts((d) => ({ ...d, [tag]: value }));
    setErrors((e) => {
      if (!(tag in e)) return e;
      const { [tag]: _, ...rest } = e;
      return rest;
    });
  }, []);

  const commit = useCallback(
    async (tag: string, value: unknown): Promise<boolean> => {
      if (sameAnswer(value, saved.current[tag])) {
        setDrafts(({ [tag]: _, ...rest }) => rest);
        return true;
      }
      setDrafts((d) => ({ ...d, [tag]: value }));
      setInFlight((n) => n + 1);
      setState('saving');
      try {
        await save.mutateAsync({ field_tag: tag, value: value === undefined ? null : value });
        // Keep a draft typed on since this save started.
        setDrafts((d) => {
          if (!(tag in d) || !sameAnswer(d[tag], value)) return d;
          const { [tag]: _, ...rest } = d;
          return rest;
        });
        setState('saved');
        setFailure(null);
        return true;
      } catch (error) {
        const problem = problemsOf(error).find((p) => p.field_tag === tag);
        if (problem) setErrors((e) => ({ ...e, [tag]: problem.errors }));
        setFailure(problem ? null : (error as Error));
        setState('failed');
        return false;
      } finally {
        setInFlight((n) => n - 1);
      }
    },
    [save],
  );

  // Saves every draft that differs from the saved answer (before a submission).
  const flush = useCallback(async (): Promise<boolean> => {
    const pending = Object.entries(latest.current).filter(([tag, v]) => !sameAnswer(v, saved.current[tag]));
    const results = await Promise.all(pending.map(([tag, value]) => commit(tag, value)));
    return results.every(Boolean);
  }, [commit]);

  const merged = { ...detail.answers, ...drafts };
  return {
    answerOf,
    change,
    commit,
    flush,
    errors,
    merged,
    saving: inFlight > 0,
    // A refused answer stays a draft under its field: the page has not saved everything yet.
    state: inFlight > 0 ? 'saving' : Object.keys(errors).length > 0 ? 'failed' : state,
    failure,
  };
}
