import contactDocument from '../../schemas/contact.schema.json';
import { contactRowSchema } from '@domain/api/contacts';

/**
 * schemas/contact.schema.json (the contact of spec 2 §3, which the fixtures are checked against) and the schema the
 * API answers contacts with (contactRowSchema, in the OpenAPI document) describe one thing: they must not drift apart.
 */

type Property = Record<string, unknown>;
const documentProperties = contactDocument.properties as Record<string, Property>;
const rowProperties = contactRowSchema.properties as Record<string, Property>;
const resolved = (property: Property): Property =>
  typeof property.$ref === 'string' ? (contactDocument.definitions as Record<string, Property>)[property.$ref.split('/').pop()!] : property;
const constraints = (property: Property) => {
  const { type, enum: values, pattern, minimum, maximum, format } = resolved(property);
  return { type, enum: values, pattern, minimum, maximum, format };
};

describe('the contact schema file and the API contact row', () => {
  it('have the same properties', () => {
    expect(Object.keys(rowProperties).sort()).toEqual(Object.keys(documentProperties).sort());
  });

  it.each(Object.keys(documentProperties))('agree on %s: type, values, pattern, bounds and format', (name) => {
    expect(constraints(rowProperties[name])).toEqual(constraints(documentProperties[name]));
  });

  it('the row requires everything the file requires (an answer always carries every field)', () => {
    expect(contactRowSchema.required).toEqual(expect.arrayContaining(contactDocument.required));
    expect(contactRowSchema.additionalProperties).toBe(contactDocument.additionalProperties);
  });
});
