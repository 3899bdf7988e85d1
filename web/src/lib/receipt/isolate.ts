/**
 * Isolating a value for the receipt's text layout, without the layout code itself (bidi-js and the PDF
 * code load only when a receipt is asked for; the order pages build the receipt's address with this).
 */

/**
 * One value someone typed (a name, a street, a phone number), as its own run: its direction comes from
 * its first letter (none: left to right), and it cannot reorder what is around it. Without this, in
 * "شارع الورود 5, 10000, الرباط" the postal code is taken into the Arabic run and drawn before the
 * street, and in an Arabic receipt "+212 6 12 34" comes out backwards. Direction controls inside the
 * value are dropped (they are refused at input; older text may hold one).
 */
export function isolate(value: string): string {
  return `\u2068${value.replace(/[\u202A-\u202E\u2066-\u2069]/g, '')}\u2069`;
}
