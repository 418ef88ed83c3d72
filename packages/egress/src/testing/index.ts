export {
  type DocumentServer,
  type Route,
  redirectTo,
  serveBytes,
  serveChunked,
  startDocumentServer,
  status,
  trickle,
} from "./document-server.js";
