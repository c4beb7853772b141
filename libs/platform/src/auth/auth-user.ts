/** Staff permission flags of spec 000 section 3; all default to false. */
export interface StaffPermissions {
  superAdmin: boolean;
  manageUsers: boolean;
  auctionEnabled: boolean;
  websiteEnabled: boolean;
  manageHomepage: boolean;
  websiteTheme: boolean;
}

export type StaffFlag = keyof StaffPermissions;

export const NO_PERMISSIONS: StaffPermissions = {
  superAdmin: false,
  manageUsers: false,
  auctionEnabled: false,
  websiteEnabled: false,
  manageHomepage: false,
  websiteTheme: false,
};

/** The identity a verified JWT carries. Services trust it only after signature verification. */
export interface AuthUser {
  id: string;
  brand: string;
  email: string;
  username: string;
  confirmed: boolean;
  permissions: StaffPermissions;
  /**
   * The account's token version when the token was issued (claim `tv`, 0 when absent). Identity
   * bumps the version on password reset, password change and "log out everywhere"; every service
   * refuses tokens older than the version it last heard of (libs/platform AccountStatusCache).
   */
  tokenVersion?: number;
}
