/**
 * An amount in English words with its currency (issue 24 item 3: the confirmation of a bid far
 * above the minimum reads the amount back, so a slipped finger shows as words, not only digits).
 */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Array<[number, string]> = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) {
    parts.push(`${ONES[Math.floor(n / 100)]} hundred`);
    n %= 100;
  }
  if (n >= 20) {
    parts.push(n % 10 ? `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}` : TENS[Math.floor(n / 10)]!);
  } else if (n > 0 || parts.length === 0) {
    parts.push(ONES[n]!);
  }
  return parts.join(' ');
}

export function integerInWords(n: number): string {
  if (n < 1000) return belowThousand(n);
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      parts.push(`${integerInWords(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

function currencyName(currency: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/** 2500000.5 USD → "two million five hundred thousand and 50/100 US Dollar". */
export function amountInWords(amount: number, currency: string): string {
  const cents = Math.round(amount * 100);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  const words = integerInWords(whole);
  return `${fraction ? `${words} and ${String(fraction).padStart(2, '0')}/100` : words} ${currencyName(currency)}`;
}
