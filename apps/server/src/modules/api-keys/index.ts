export { apiKeysRoutes } from './api-keys.routes.js';
export { ApiKeysService, hashApiKey, type ApiClient } from './api-keys.service.js';
export { apiKeyAuth, apiKeyOf } from './api-key-auth.js';
