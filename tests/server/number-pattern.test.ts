import type { FieldMap } from '@domain/generated/data-model';
import { planSection, type FieldError } from '@server/services/contact-work/contact-forms';
import { smsValueErrors } from '@server/services/sms/manual-sms';
import { sayIn } from '@server/server-messages';
import { fieldSchema } from '@translator/translate-form';
import type { JsonSchema } from '@translator/types';

/**
 * A number field's dataRegex on the server (spec 2 §5: each field value is checked against its dataRegex): the
 * translator's numberPattern, which the server's ajv knows, refuses a save or an SMS whose number breaks it, with the
 * field named, as the form does in the browser.
 */
const fields: FieldMap = { figli: { label: 'Figli', dataType: 'number', dataRegex: '^[0-9]{1,2}$' }, nome: { label: 'Nome' } };
const schema: JsonSchema = { type: 'object', properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)])) };

describe('a number field with a regex', () => {
  it.each([[3, []], [42, []], [123, ['/inputs/figli']], [1.5, ['/inputs/figli']]] as const)('a save of %p: refused fields %j', (figli, refused) => {
    const errors: FieldError[] = [];
    planSection({ section: 'inputs', view: 'edit', sent: { figli, nome: 'Anna' }, stored: {}, fields, schema, arrayConfig: undefined }, errors);
    expect(errors.map((e) => e.field)).toEqual(refused);
    if (refused.length) expect(sayIn(errors[0].message, 'en')).toBe('inputs.figli (Figli) does not match ^[0-9]{1,2}$');
  });

  it('an SMS with a number breaking it is refused, the field named', () => {
    expect(smsValueErrors(schema, { figli: 7, nome: 'Anna' })).toEqual([]);
    expect(smsValueErrors(schema, { figli: 700, nome: 'Anna' }).map((e) => ({ ...e, message: sayIn(e.message, 'en') }))).toEqual([{ field: '/values/figli', message: expect.stringContaining('does not match ^[0-9]{1,2}$') }]);
  });
});
