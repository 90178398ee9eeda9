import { describe, expect, it } from 'vitest';
import { claimVerdict, mayReassign, mayUnclaim, type OfferViewer, taskOffers } from './task-offers.js';

// The one rule the task list offers and the claim, unclaim and reassign services enforce.
const viewer: OfferViewer = { userId: '1', groupIds: new Set(['10']), mayReassign: false };
const me = { user_id: '1', group_id: null };
const someone = { user_id: '2', group_id: null };
const myGroup = { user_id: null, group_id: '10' };
const otherGroup = { user_id: null, group_id: '20' };

describe('claim', () => {
  it('takes a task of one of my groups, or one nobody holds', () => {
    expect(claimVerdict([myGroup], viewer)).toBe('claimable');
    expect(claimVerdict([otherGroup, myGroup], viewer)).toBe('claimable');
    expect(claimVerdict([], viewer)).toBe('claimable');
  });
  it('never overrides a person, changes nothing on my own task, refuses other groups’ tasks', () => {
    expect(claimVerdict([myGroup, someone], viewer)).toBe('held');
    expect(claimVerdict([someone], viewer)).toBe('held');
    expect(claimVerdict([myGroup, me], viewer)).toBe('yours');
    expect(claimVerdict([me, someone], viewer)).toBe('yours');
    expect(claimVerdict([otherGroup], viewer)).toBe('other_groups');
  });
});

describe('unclaim', () => {
  it('gives back my claim of my group’s task or of a task nobody else held', () => {
    expect(mayUnclaim([myGroup, me], viewer)).toBe(true);
    expect(mayUnclaim([me], viewer)).toBe(true);
    expect(mayUnclaim([otherGroup, myGroup, me], viewer)).toBe(true);
  });
  it('not someone else’s, nor a direct assignment shared with others outside my groups', () => {
    expect(mayUnclaim([myGroup, someone], viewer)).toBe(false);
    expect(mayUnclaim([me, someone], viewer)).toBe(false);
    expect(mayUnclaim([otherGroup, me], viewer)).toBe(false);
  });
});

describe('a row’s offers', () => {
  it('follow the same verdicts, only on a workflow the viewer may change', () => {
    expect(taskOffers([myGroup], viewer, true)).toEqual({ claim: true, unclaim: false, reassign: false });
    expect(taskOffers([myGroup, me], viewer, true)).toEqual({ claim: false, unclaim: true, reassign: false });
    const coordinator = { ...viewer, mayReassign: true };
    expect(taskOffers([someone], coordinator, true)).toEqual({
      claim: false,
      unclaim: false,
      reassign: true,
    });
    expect(taskOffers([myGroup], coordinator, false)).toEqual({
      claim: false,
      unclaim: false,
      reassign: false,
    });
  });
  it('reassigning is the right to undo a step', () => {
    expect(mayReassign(new Set(['can_undo_step']))).toBe(true);
    expect(mayReassign(new Set(['can_view_tasks']))).toBe(false);
  });
});
