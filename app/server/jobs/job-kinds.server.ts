/**
 * Every job kind the worker runs (issue 15): importing this module defines them all (each module calls `defineJob`
 * at load). The worker (runtime.server.ts) imports it before its first round; a new kind is added here.
 */
import '../mail/mail-queue.server';
import '../notifications/customer-notifications.server';
import '../sms/send-text.server';
import '../booking/booking.server';
