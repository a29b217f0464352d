/**
 * A time field's value, `HH:mm` or `HH:mm:ss` (24 hours): the translator writes it as the field's `pattern`, and the
 * renderers word a failure of this pattern as an invalid time rather than a generic "invalid format".
 */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';
