import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Account } from '../auth/account.entity';
import { CurrentAccount, OwnerOrApiKey, RequireScope } from '../auth/auth.decorators';
import { CreateWebhookEndpointDto } from './dto/create-webhook-endpoint.dto';
import { CursorPageQuery } from './dto/list-webhook-endpoints.query';
import { UpdateWebhookEndpointDto } from './dto/update-webhook-endpoint.dto';
import {
  EndpointDeliveryItem,
  EndpointDeliveryList,
  toEndpointDelivery,
  toWebhookEndpointResponse,
  WebhookEndpointList,
  WebhookEndpointResponse,
  WebhookEndpointWithSecret,
} from './webhook-endpoint.response';
import { WebhookEndpointsService } from './webhook-endpoints.service';

const EndpointIdParam = () =>
  ApiParam({ name: 'id', description: 'Webhook endpoint id (`wep_…`)' });

/**
 * `/v2/webhook-endpoints` (docs/api.md, Webhook endpoints and events): account-level event
 * subscriptions. API keys with the scope, or owners in the dashboard.
 */
@Controller('webhook-endpoints')
@ApiTags('Webhook endpoints')
@OwnerOrApiKey()
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Post()
  @RequireScope('endpoints:write')
  @ApiOperation({
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint (its secret is shown only in this answer)',
  })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecret })
  async create(
    @CurrentAccount() account: Account,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<WebhookEndpointWithSecret> {
    const { endpoint, secret } = await this.endpoints.create(account.id, body);
    return { ...toWebhookEndpointResponse(endpoint), secret };
  }

  @Get()
  @RequireScope('endpoints:read')
  @ApiOperation({ operationId: 'listWebhookEndpoints', summary: 'The webhook endpoints' })
  @ApiOkResponse({ type: WebhookEndpointList })
  async list(
    @CurrentAccount() account: Account,
    @Query() query: CursorPageQuery,
  ): Promise<WebhookEndpointList> {
    const { items, meta } = await this.endpoints.list(account.id, query);
    return { data: items.map(toWebhookEndpointResponse), meta };
  }

  @Get(':id')
  @RequireScope('endpoints:read')
  @EndpointIdParam()
  @ApiOperation({ operationId: 'getWebhookEndpoint', summary: 'Read one webhook endpoint' })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  async get(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<WebhookEndpointResponse> {
    return toWebhookEndpointResponse(await this.endpoints.get(account.id, id));
  }

  @Patch(':id')
  @RequireScope('endpoints:write')
  @EndpointIdParam()
  @ApiOperation({ operationId: 'updateWebhookEndpoint', summary: 'Change a webhook endpoint' })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointResponse> {
    return toWebhookEndpointResponse(await this.endpoints.update(account.id, id, body));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('endpoints:write')
  @EndpointIdParam()
  @ApiOperation({ operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint' })
  @ApiNoContentResponse({ description: 'Deleted, with its delivery log' })
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.endpoints.remove(account.id, id);
  }

  @Post(':id/secret/rotate')
  @HttpCode(200)
  @RequireScope('endpoints:write')
  @EndpointIdParam()
  @ApiOperation({
    operationId: 'rotateWebhookEndpointSecret',
    summary: 'A new signing secret (shown only here); the old one keeps signing for 24 hours',
  })
  @ApiOkResponse({ type: WebhookEndpointWithSecret })
  async rotate(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<WebhookEndpointWithSecret> {
    const { endpoint, secret } = await this.endpoints.rotateSecret(account.id, id);
    return { ...toWebhookEndpointResponse(endpoint), secret };
  }

  @Post(':id/test')
  @HttpCode(202)
  @RequireScope('endpoints:write')
  @EndpointIdParam()
  @ApiOperation({ operationId: 'testWebhookEndpoint', summary: 'Send a `ping` event to it' })
  @ApiAcceptedResponse({ type: EndpointDeliveryItem })
  async test(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<EndpointDeliveryItem> {
    return toEndpointDelivery(await this.endpoints.test(account.id, id), []);
  }

  @Get(':id/deliveries')
  @RequireScope('endpoints:read')
  @EndpointIdParam()
  @ApiOperation({
    operationId: 'listWebhookEndpointDeliveries',
    summary: 'The events sent to it, newest first, with every attempt',
  })
  @ApiOkResponse({ type: EndpointDeliveryList })
  async deliveries(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: CursorPageQuery,
  ): Promise<EndpointDeliveryList> {
    const { items, meta } = await this.endpoints.deliveriesOf(account.id, id, query);
    return {
      data: items.map(({ delivery, attempts }) => toEndpointDelivery(delivery, attempts)),
      meta,
    };
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  @RequireScope('endpoints:write')
  @EndpointIdParam()
  @ApiParam({ name: 'delivery_id', description: 'Delivery id (`dlv_…`)' })
  @ApiOperation({
    operationId: 'redeliverWebhookEndpointDelivery',
    summary: 'Send a delivery’s event again (a new delivery, same event id)',
  })
  @ApiAcceptedResponse({ type: EndpointDeliveryItem })
  async redeliver(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('delivery_id') deliveryId: string,
  ): Promise<EndpointDeliveryItem> {
    return toEndpointDelivery(await this.endpoints.redeliver(account.id, id, deliveryId), []);
  }
}
