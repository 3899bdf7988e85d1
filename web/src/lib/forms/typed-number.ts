/** A number typed in a form: empty is null, anything else its value (a comma as decimal point; NaN lets the schema refuse it). */
export const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.replace(',', '.')));
