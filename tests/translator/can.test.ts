import type { JsonLogicRule } from '@domain/permissions';
import { can, explain } from '@translator/can';
import { translatePermissions } from '@translator/translate-permissions';
import { baseWorkspace, ctxFor } from './support';

describe('can', () => {
  it.each<[string, JsonLogicRule, boolean]>([
    ['true', true, true],
    ['false', false, false],
    ['role in list', { in: [{ var: 'user.role' }, ['admin', 'basic']] }, true],
    ['role not in list', { in: [{ var: 'user.role' }, ['middle']] }, false],
    ['unknown operator denies', { frobnicate: [1] }, false],
  ])('%s', (_n, rule, expected) => {
    expect(can(rule, ctxFor('basic'))).toBe(expected);
  });
});

describe('explain', () => {
  it.each<[string, JsonLogicRule, ReturnType<typeof ctxFor>, string[]]>([
    ['role list', { in: [{ var: 'user.role' }, ['admin', 'team-leader']] }, ctxFor('basic'), ["role 'basic' is not one of admin, team-leader"]],
    ['false', false, ctxFor('admin'), ['nobody is allowed']],
    ['negated role list', { '!': [{ in: [{ var: 'user.role' }, ['team-leader', 'basic']] }] }, ctxFor('basic'), ["role 'basic' is one of team-leader, basic"]],
    ['workspace flag', { '==': [{ var: 'workspace.cloneEnabled' }, true] }, ctxFor('admin', baseWorkspace()), ['workspace.cloneEnabled is not set, not true']],
    ['embed', translatePermissions(null).csvExport, ctxFor('admin', null, { embed: true }), ['embed view is true']],
    ['and lists each failing part', translatePermissions(baseWorkspace()).csvExport, ctxFor('basic', null, { embed: true }), ["role 'basic' is not one of admin, team-leader", 'embed view is true']],
    ['or', { or: [{ '==': [{ var: 'user.role' }, 'admin'] }, { '==': [{ var: 'user.role' }, 'middle'] }] }, ctxFor('basic'), ["none of the alternatives holds: (role is 'basic', not 'admin') or (role is 'basic', not 'middle')"]],
  ])('%s', (_n, rule, ctx, reasons) => {
    expect(explain(rule, ctx)).toEqual({ allowed: false, reasons });
  });

  it('an allowed rule has no reasons', () => {
    expect(explain(true, ctxFor('basic'))).toEqual({ allowed: true, reasons: [] });
  });
});
