export { feedbackIngestRoutes, feedbackRoutes } from './feedback.routes.js';
export { FeedbackService } from './feedback.service.js';
