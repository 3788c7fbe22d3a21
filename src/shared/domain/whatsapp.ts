/**
 * A wa.me link (https://wa.me/<country code and number, digits only>) from a phone as a member
 * typed it. Mexican numbers are the usual case: ten digits ('55 1234 5678') get the country code
 * 52; the old mobile prefixes '044'/'045' + ten digits and '521' + ten digits become 52 + ten.
 * A number with another country code ('+1 …', '+34 …') keeps it. Too short or too long: null.
 */
export function whatsappLink(phone: string): string | null {
  const international = phone.trim().startsWith('+') || phone.trim().startsWith('00');
  let digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('00')) digits = digits.slice(2);
  if (!international) {
    if (digits.length === 10) digits = `52${digits}`;
    else if (digits.length === 13 && (digits.startsWith('044') || digits.startsWith('045')))
      digits = `52${digits.slice(3)}`;
  }
  if (digits.length === 13 && digits.startsWith('521')) digits = `52${digits.slice(3)}`;
  if (digits.length < 11 || digits.length > 15) return null;
  return `https://wa.me/${digits}`;
}
