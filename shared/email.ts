/**
 * One mailbox, one identity: `canonicalEmail(" Amina.Alaoui+promo@Example.com ")` is
 * "aminaalaoui@example.com". Used where a limit counts people by address (per-customer coupon uses,
 * orders per address): changing the letter case, adding a +tag or dots in the local part does not make
 * a new customer. Dots are dropped for every domain, not only Gmail's: two real customers whose
 * addresses differ only by dots at the same domain share a limit, which is rare and harmless; the
 * address we mail to is never changed.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const local = lower.slice(0, at).split('+')[0]!.replace(/\./g, '');
  return `${local || lower.slice(0, at)}@${lower.slice(at + 1)}`;
}
