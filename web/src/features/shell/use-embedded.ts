import { useLocation } from 'react-router';

/** `?embedded` hides the header, footer, floating buttons, banner and cookie notice (spec 000 section 2). */
export function useEmbedded(): boolean {
  const { search } = useLocation();
  return new URLSearchParams(search).has('embedded');
}
