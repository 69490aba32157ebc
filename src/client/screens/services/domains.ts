import type { ServiceDomain } from '../../layout/menu';

/** The address of a domain with its scheme: https when the domain has SSL. */
export function domainUrl(domain: ServiceDomain): string {
  return `${domain.is_ssl ? 'https' : 'http'}://${domain.domain}`;
}

export function mainDomain(domains: ServiceDomain[] | undefined): ServiceDomain | undefined {
  return domains?.find((domain) => domain.is_main);
}
