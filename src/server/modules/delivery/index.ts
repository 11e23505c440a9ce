import type { FastifyInstance } from 'fastify';
import { messageDeliveryListSource } from './message-delivery-list-source';

/** 消息投递: the delivery state of SMS and mail, as the `messageDeliveries` list source (ADR 0034). */
export async function deliveryModule(app: FastifyInstance): Promise<void> {
  app.listSources.set('messageDeliveries', messageDeliveryListSource(app.database.db));
}
