/**
 * The account forms live in components/auth/ (fields, social buttons, one file per form). This
 * entry keeps the auth modal's import working while the dialog work moves it there.
 */
export type { AuthMode } from "./auth/fields";
export { ForgotPasswordForm } from "./auth/forgot-password-form";
export { LoginForm, type LoginValues } from "./auth/login-form";
export { RegisterForm, type RegisterValues } from "./auth/register-form";
