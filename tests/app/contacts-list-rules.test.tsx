import { agentDisabled, matchesRegex, paramProblems, toggleAgent, validLimit } from '@app/features/contacts-list/list-rules';
import { canTakeRow } from '@app/ui/take-rules';
import { compactFilter, readListFilter, writeListFilter } from '@app/features/contacts-list/list-url-state';
import type { ContactFilter } from '@domain/api/contacts';
import type { MassiveAction } from '@domain/generated/workspace';

const DEFAULTS: ContactFilter = { page: 0, length: 10, order: 'desc', priority: 0 };

describe('list filter in the URL', () => {
  it('round-trips every kind of value and writes only what differs from the defaults', () => {
    const filter: ContactFilter = {
      page: 3, length: 50, order: 'asc', sort: 'outputs.esito', priority: 7, states: ['A', 'B'], assignedAgents: ['u1'], teamIds: ['t1'],
      notProcessable: true, includeSuspended: false, customFilter: true, createdFrom: '2025-01-01T00:00:00.000Z',
      dataModelFilters: { inputs: { targa: { contains: 'AB' }, importo: { from: 10, to: 20 }, tipo: ['x', 'y'] }, outputs: { ok: true } },
      enumFilters: { inputs: { provincia: ['MI'] } },
    };
    const params = writeListFilter(filter, DEFAULTS);
    expect(readListFilter(params, DEFAULTS)).toEqual(filter);
    expect(writeListFilter(DEFAULTS, DEFAULTS).toString()).toBe('');
    expect(writeListFilter({ ...DEFAULTS, page: 2 }, DEFAULTS).toString()).toBe('page=2');
  });

  it('drops blank values the way the server ignores them', () => {
    expect(compactFilter({ page: 0, states: [], sort: '', dataModelFilters: { inputs: { nome: '', cognome: null }, outputs: {} } })).toEqual({ page: 0 });
    expect(writeListFilter({ ...DEFAULTS, dataModelFilters: { inputs: { nome: '' } } }, DEFAULTS).toString()).toBe('');
  });

  it('falls back to the defaults on malformed values', () => {
    const params = new URLSearchParams('page=1.5&length=7&order=sideways&priority=-1&states={"a":1}&dataModelFilters={"other":{}}&onlySuspended=yes');
    expect(readListFilter(params, DEFAULTS)).toEqual(DEFAULTS);
  });
});

describe('list rules', () => {
  it('suspended, not-processable, closed or assigned contacts cannot be taken', () => {
    const base = { suspended: false, processable: true, closed: false, agentId: null };
    expect(canTakeRow(base)).toBe(true);
    expect(canTakeRow({ ...base, suspended: true })).toBe(false);
    expect(canTakeRow({ ...base, processable: false })).toBe(false);
    expect(canTakeRow({ ...base, closed: true })).toBe(false);
    expect(canTakeRow({ ...base, agentId: 'u1' })).toBe(false);
  });

  it('extra parameters: required when flagged, regex when given; an invalid regex counts as valid', () => {
    const params = [
      { name: 'code', label: 'Code', required: true, regex: '^PR-[0-9]{6}$' },
      { name: 'note', label: 'Note' },
      { name: 'odd', label: 'Odd', regex: '([' },
    ];
    expect(paramProblems(params, {})).toEqual({ code: 'required' });
    expect(paramProblems(params, { code: '  ' })).toEqual({ code: 'required' });
    expect(paramProblems(params, { code: 'PR-1' })).toEqual({ code: 'regex' });
    expect(paramProblems(params, { code: 'PR-123456', odd: 'anything' })).toEqual({});
    expect(matchesRegex('([', 'x')).toBe(true);
    expect(matchesRegex('^a$', 'b')).toBe(false);
  });

  it('agents are capped at assignMaxAgents: the others are disabled once the cap is reached', () => {
    const action: MassiveAction = { key: 'a', label: 'A', onAction: { type: 'assign', assignMaxAgents: 2 } };
    let chosen: string[] = [];
    for (const id of ['u1', 'u2', 'u3']) chosen = toggleAgent(action, chosen, id);
    expect(chosen).toEqual(['u1', 'u2']);
    expect(agentDisabled(action, chosen, 'u3')).toBe(true);
    expect(agentDisabled(action, chosen, 'u1')).toBe(false);
    const uncapped: MassiveAction = { key: 'b', label: 'B', onAction: { type: 'assign' } };
    expect(agentDisabled(uncapped, ['u1', 'u2', 'u3'], 'u4')).toBe(false);
  });

  it('the contacts limit is a whole number from 1 to the total', () => {
    expect(validLimit(1, 10)).toBe(true);
    expect(validLimit(10, 10)).toBe(true);
    expect(validLimit(0, 10)).toBe(false);
    expect(validLimit(11, 10)).toBe(false);
    expect(validLimit(2.5, 10)).toBe(false);
  });
});
