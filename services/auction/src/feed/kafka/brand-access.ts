import { AclOperationTypes, AclPermissionTypes, AclResourceTypes, ResourcePatternTypes, type AclEntry, type Admin } from 'kafkajs';

/**
 * The ACLs that let a brand's consumer principal (`User:<brand>` by default) read its own feed
 * topics and nothing else (docs/events.md "Access"): READ and DESCRIBE on the topics that start
 * with `<prefix>.<brand>.auction-events.`, READ on the consumer groups that start with `<brand>-`.
 * Everything else is refused on a broker with `allow.everyone.if.no.acl.found=false`.
 */
export function brandReadAcls(prefix: string, brand: string, principal = `User:${brand}`): AclEntry[] {
  const common = { principal, host: '*', permissionType: AclPermissionTypes.ALLOW, resourcePatternType: ResourcePatternTypes.PREFIXED };
  const topic = `${prefix}.${brand}.auction-events.`;
  return [
    { ...common, resourceType: AclResourceTypes.TOPIC, resourceName: topic, operation: AclOperationTypes.READ },
    { ...common, resourceType: AclResourceTypes.TOPIC, resourceName: topic, operation: AclOperationTypes.DESCRIBE },
    { ...common, resourceType: AclResourceTypes.GROUP, resourceName: `${brand}-`, operation: AclOperationTypes.READ },
  ];
}

/** Grants a brand's read access (an operator task; idempotent on the broker). */
export async function grantBrandRead(admin: Admin, prefix: string, brand: string, principal?: string): Promise<void> {
  await admin.createAcls({ acl: brandReadAcls(prefix, brand, principal) });
}
