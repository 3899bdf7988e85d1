/**
 * Isolating a value for the PDFs' text layout, without the layout code itself (bidi-js and the PDF
 * code load only when a PDF is asked for; the order pages build the receipt's address with this).
 */

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * One value someone typed (a name, a street), as its own run: its direction comes from its first
 * letter (none: left to right), and it cannot reorder what is around it. Without this, in
 * "شارع الورود 5, 10000, الرباط" the postal code is taken into the Arabic run and drawn before the
 * street. Direction controls inside the value are dropped (they are refused at input; older text may
 * hold one).
 */
export function isolate(value: string): string {
  return `\u2068${value.replace(CONTROLS, '')}\u2069`;
}

/**
 * A phone number as it is dialled: always left to right, whatever surrounds it. Its groups are
 * numbers separated by spaces, and in a right-to-left line each group is a run of its own, so
 * "0600 98 76 54" next to an Arabic name comes out "54 76 98 0600"; a left-to-right isolate keeps the
 * groups in the order they are dialled.
 */
export function dialled(phone: string): string {
  return `\u2066${phone.replace(CONTROLS, '')}\u2069`;
}
