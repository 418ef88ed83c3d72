const SECRET_NAME = /KEY|SECRET|PASSWORD|TOKEN/i;

/** True for variable names that hold secrets (KEY, SECRET, PASSWORD, TOKEN anywhere in the name). */
export function isSecretVariable(name: string): boolean {
  return SECRET_NAME.test(name);
}
