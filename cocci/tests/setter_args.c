/*
 * A walk that stores the page table entry it mapped in a field of its
 * argument through a setter of several parameters, and a function that
 * releases it later (mm/memory.c follow_pfnmap_start() with
 * pfnmap_args_setup(args, lock, ptep, ...), follow_pfnmap_end()): a
 * caller that maps a page between the two and releases it last breaks
 * the order (virt/kvm hva_to_pfn_remapped() with a kmap_local_pfn()).
 */
struct pfn_args {
	unsigned long address;
	spinlock_t *lock;
	pte_t *ptep;
	unsigned long pfn;
	bool special;
};

static inline void pfn_args_setup(struct pfn_args *args, spinlock_t *lock,
				  pte_t *ptep, unsigned long pfn_base,
				  unsigned long addr_mask, bool special)
{
	args->lock = lock;
	args->ptep = ptep;
	args->pfn = pfn_base + ((args->address & ~addr_mask) >> PAGE_SHIFT);
	args->special = special;
}

static int pfn_walk_start(struct mm_struct *mm, pmd_t *pmdp, struct pfn_args *args)
{
	spinlock_t *lock;
	pte_t *ptep, pte;

	ptep = pte_offset_map_lock(mm, pmdp, args->address, &lock);
	if (!ptep)
		return -EINVAL;
	pte = ptep_get(ptep);
	if (!pte_present(pte))
		goto unlock;
	pfn_args_setup(args, lock, ptep, pte_pfn(pte), PAGE_MASK, pte_special(pte));
	return 0;
unlock:
	pte_unmap_unlock(ptep, lock);
	return -EINVAL;
}

static void pfn_walk_end(struct pfn_args *args)
{
	if (args->lock)
		spin_unlock(args->lock);
	if (args->ptep)
		pte_unmap(args->ptep);
}

/* The entry mapped first, released first, with the page still mapped. */
static int pfn_peek_bad(struct mm_struct *mm, pmd_t *pmdp, void *buf)
{
	struct pfn_args args = { .address = 0 };
	void *kaddr;

	if (pfn_walk_start(mm, pmdp, &args))
		return -EINVAL;
	kaddr = kmap_local_pfn(args.pfn);
	pfn_walk_end(&args);
	memcpy(buf, kaddr, 16);
	kunmap_local(kaddr);
	return 0;
}

static int pfn_peek_ok(struct mm_struct *mm, pmd_t *pmdp, void *buf)
{
	struct pfn_args args = { .address = 0 };
	void *kaddr;

	if (pfn_walk_start(mm, pmdp, &args))
		return -EINVAL;
	kaddr = kmap_local_pfn(args.pfn);
	memcpy(buf, kaddr, 16);
	kunmap_local(kaddr);
	pfn_walk_end(&args);
	return 0;
}
