import { gql, type TypedDocumentNode } from '@apollo/client';

export interface SessionUser {
  id: string;
  username: string;
  email: string | null;
  confirmed: boolean | null;
  blocked: boolean | null;
  cmsAccess: boolean | null;
  brand: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

const USER_FIELDS = gql`
  fragment SessionUserFields on UsersPermissionsUser {
    id
    username
    email
    confirmed
    blocked
    cmsAccess
    brand
    firstName
    lastName
    phone
  }
`;

export interface LoginPayload {
  jwt: string | null;
  user: SessionUser;
  message: string | null;
}

export const ME_FULL: TypedDocumentNode<{ meFull: SessionUser }> = gql`
  query MeFull {
    meFull {
      ...SessionUserFields
    }
  }
  ${USER_FIELDS}
`;

export const LOGIN_USER: TypedDocumentNode<{ loginUser: LoginPayload }, { email: string; password: string; brand?: string }> = gql`
  mutation LoginUser($email: String, $password: String, $brand: String) {
    loginUser(email: $email, password: $password, brand: $brand) {
      jwt
      message
      user {
        ...SessionUserFields
      }
    }
  }
  ${USER_FIELDS}
`;

export const REGISTER_USER: TypedDocumentNode<
  { registerUser: LoginPayload },
  { email: string; password: string; brand?: string; username: string; firstName: string; lastName: string }
> = gql`
  mutation RegisterUser($email: String, $password: String, $brand: String, $username: String, $firstName: String, $lastName: String) {
    registerUser(email: $email, password: $password, brand: $brand, username: $username, firstName: $firstName, lastName: $lastName) {
      jwt
      message
      user {
        ...SessionUserFields
      }
    }
  }
  ${USER_FIELDS}
`;

export const FORGOT_PASSWORD: TypedDocumentNode<{ forgotPasswordBrand: { ok: boolean } }, { email: string; brand?: string }> = gql`
  mutation ForgotPasswordBrand($email: String, $brand: String) {
    forgotPasswordBrand(email: $email, brand: $brand) {
      ok
    }
  }
`;

export const RESET_PASSWORD: TypedDocumentNode<
  { resetPasswordBrand: LoginPayload },
  { password: string; passwordConfirmation: string; code: string; brand?: string }
> = gql`
  mutation ResetPasswordBrand($password: String, $passwordConfirmation: String, $code: String, $brand: String) {
    resetPasswordBrand(password: $password, passwordConfirmation: $passwordConfirmation, code: $code, brand: $brand) {
      jwt
      message
      user {
        ...SessionUserFields
      }
    }
  }
  ${USER_FIELDS}
`;

/** Ends every session of the account, this one included (issue 18, M5). */
export const LOGOUT_EVERYWHERE: TypedDocumentNode<{ logoutEverywhere: { ok: boolean } }> = gql`
  mutation LogoutEverywhere {
    logoutEverywhere {
      ok
    }
  }
`;
