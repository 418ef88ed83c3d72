export { TED_FIXTURES, TED_FIXTURES_DIR, tedFixturePath } from "../ted-fixtures.js";
