const BRAND_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface BrandResolverOptions {
  defaultBrand: string;
  hosts: Map<string, string>;
}

/** Brand of a request: the x-brand header, else the host's brand, else the default brand. */
export function resolveBrand(
  headerValue: string | string[] | undefined,
  hostHeader: string | undefined,
  options: BrandResolverOptions,
): { ok: true; brand: string } | { ok: false; message: string } {
  const header = Array.isArray(headerValue) ? headerValue[0] : headerValue;
  if (header !== undefined && header.trim() !== '') {
    const brand = header.trim().toLowerCase();
    if (!BRAND_PATTERN.test(brand)) return { ok: false, message: 'Invalid x-brand header' };
    return { ok: true, brand };
  }
  if (hostHeader) {
    const host = hostHeader.toLowerCase().replace(/:\d+$/, '');
    const mapped = options.hosts.get(host);
    if (mapped) return { ok: true, brand: mapped };
  }
  return { ok: true, brand: options.defaultBrand };
}
