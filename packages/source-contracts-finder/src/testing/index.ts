export { CF_FIXTURES, CF_FIXTURES_DIR, cfFixturePath } from "../cf-fixtures.js";
