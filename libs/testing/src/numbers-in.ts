/**
 * Every number a JSON-like value carries, as numbers: numeric leaves and strings that are a number as a whole
 * ("500", "543.21"). Tests that prove a secret amount (a bidder's maximum) never left the server compare against
 * these instead of searching the serialised text, where the digits could appear by chance inside a UUID or a
 * timestamp and fail the test for nothing.
 */
export function numbersIn(value: unknown): number[] {
  const found: number[] = [];
  const visit = (current: unknown): void => {
    if (typeof current === 'number') found.push(current);
    else if (typeof current === 'string' && /^-?\d+(\.\d+)?$/.test(current.trim())) found.push(Number(current));
    else if (Array.isArray(current)) current.forEach(visit);
    else if (current && typeof current === 'object') Object.values(current).forEach(visit);
  };
  visit(value);
  return found;
}
