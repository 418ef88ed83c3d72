const SECRET_NAME = /KEY|SECRET|PASSWORD|TOKEN/i;
// scheme://user:password@ — greedy up to the last "@" so a password with a stray "@" is still hidden.
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s]*@/gi;

/** True for variable names that hold secrets (KEY, SECRET, PASSWORD, TOKEN anywhere in the name). */
export function isSecretVariable(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Replaces the password of every `scheme://user:password@` in `text` with `***`. */
export function hideUrlPassword(text: string): string {
  return text.replace(URL_PASSWORD, "$1:***@");
}
