export { type ReceivedMail, type SinkAnswer, type SmtpSink, startSmtpSink } from "./start-smtp-sink.js";
