import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { UserEntity } from '../persistence';
import { applyUserSort, applyUserWhere, pageOf } from './user-filters';

export interface UserListQuery {
  where?: unknown;
  sort?: string | null;
  start?: number | null;
  limit?: number | null;
}

/** Reads and uniqueness checks of accounts; every query is scoped to a brand except reference lookups. */
@Injectable()
export class UserAccounts {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  repository(manager?: EntityManager): Repository<UserEntity> {
    return (manager ?? this.db.manager).getRepository(UserEntity);
  }

  findById(brand: string, id: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repository(manager).findOne({ where: { brand, id } });
  }

  /** Locks the row for the rest of the caller's transaction (staff actions, password changes). */
  lockById(manager: EntityManager, brand: string, id: string): Promise<UserEntity | null> {
    return manager.getRepository(UserEntity).findOne({ where: { brand, id }, lock: { mode: 'pessimistic_write' } });
  }

  findByEmail(brand: string, email: string, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repository(manager).findOne({ where: { brand, email } });
  }

  /** Users by id whatever their brand: federated references from lots another brand shared. */
  findManyByIds(ids: string[]): Promise<UserEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.repository().find({ where: { id: In(ids) } });
  }

  async emailTaken(manager: EntityManager, brand: string, email: string): Promise<boolean> {
    return (await manager.getRepository(UserEntity).count({ where: { brand, email } })) > 0;
  }

  async usernameTaken(manager: EntityManager, brand: string, username: string, exceptId?: string): Promise<boolean> {
    const found = await manager.getRepository(UserEntity).findOne({ where: { brand, usernameKey: username.toLowerCase() } });
    return found !== null && found.id !== exceptId;
  }

  async list(brand: string, query: UserListQuery): Promise<{ users: UserEntity[]; count: number }> {
    const page = pageOf(query.start, query.limit);
    const builder = this.repository().createQueryBuilder('u').where('u.brand = :brand', { brand });
    applyUserWhere(builder, query.where);
    applyUserSort(builder, query.sort);
    const [users, count] = await builder.skip(page.skip).take(page.take).getManyAndCount();
    return { users, count };
  }

  async count(brand: string, where: unknown): Promise<number> {
    const builder = this.repository().createQueryBuilder('u').where('u.brand = :brand', { brand });
    applyUserWhere(builder, where);
    return builder.getCount();
  }
}
